import { Select, type SelectProps } from 'antd';

/**
 * A filter field of an operator list: a clearable select whose placeholder is its label (the
 * filter row has no field labels), so "any" is the empty value. Form.Item passes value/onChange.
 */
export function FilterSelect<Value extends string>({
  label,
  options,
  width = 130,
  ...rest
}: { label: string; options: { value: Value; label: string }[]; width?: number } & Omit<
  SelectProps<Value>,
  'options' | 'placeholder' | 'aria-label' | 'allowClear'
>) {
  return (
    <Select<Value> allowClear aria-label={label} placeholder={label} style={{ width }} options={options} {...rest} />
  );
}
