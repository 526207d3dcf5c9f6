import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & {
  to: string;
  /** Another host (the console host from the main site): a full page load. */
  isExternal?: boolean;
};

/** A link styled as a button: a real anchor, navigated in-app unless external or opened in a new tab. */
export function ButtonLink({ to, isExternal = false, ...buttonProps }: ButtonLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (isExternal || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...buttonProps} href={to} onClick={onClick} />;
}
