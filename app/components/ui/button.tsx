import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';

type Look = {
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'error';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
};

/** The classes of a button of this look (app/styles/app.css, "Buttons"). */
function buttonClass({ variant = 'text', color = 'primary', size = 'medium', fullWidth, className }: Omit<Look, 'children'>): string {
  return [
    'button',
    `button--${variant}`,
    color === 'error' ? 'button--error' : '',
    size === 'medium' ? '' : `button--${size}`,
    fullWidth ? 'button--full' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button with the look of MUI's (contained, outlined, text; primary or error; three sizes),
 * drawn by plain CSS from the theme's variables (decision 014). MUI's Button brings ButtonBase,
 * its ripple and react-transition-group: 11 KB gzip on every page with a form, for an effect
 * nobody needs to submit one. Native focus ring, disabled state and keyboard behaviour.
 */
export function Button({
  variant,
  color,
  size,
  fullWidth,
  className,
  type = 'button',
  ...rest
}: Look & ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={buttonClass({ variant, color, size, fullWidth, className })} {...rest} />;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, color, size, fullWidth, className, ...rest }: Look & LinkProps) {
  return <Link className={buttonClass({ variant, color, size, fullWidth, className })} {...rest} />;
}
