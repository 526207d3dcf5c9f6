import type { ReactNode } from 'react';

interface FormFieldProps {
  /** Id of the control the label names. */
  htmlFor: string;
  label: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Id of a field's error text, for the control's aria-describedby. */
export const fieldErrorId = (htmlFor: string) => `${htmlFor}_error`;

/**
 * A labelled field with its error, laid out like antd's vertical Form.Item. For forms that must
 * stay light (the login page's first load): antd's Form brings ~35 KB of gzipped JavaScript.
 */
export function FormField({ htmlFor, label, error, children }: FormFieldProps) {
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <label className="form-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      <div className="form-field__error" id={fieldErrorId(htmlFor)} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
