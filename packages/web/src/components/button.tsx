import { useRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-600 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-slate-400',
};

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

/**
 * One press, one action (decision 113). A double-click is one press: its second click
 * (event.detail 2 and up) is swallowed, and so is its form submit. An onClick that returns a promise
 * holds the button until it settles, so a press made before React re-renders the busy state is
 * swallowed too. Keyboard presses (detail 0) always count.
 */
export function useOnePress<E extends HTMLElement>(onClick: ((event: MouseEvent<E>) => unknown) | undefined) {
  const running = useRef(false);
  return (event: MouseEvent<E>) => {
    if (event.detail > 1 || running.current) {
      event.preventDefault();
      return;
    }
    const result = onClick?.(event);
    if (result instanceof Promise) {
      running.current = true;
      const release = () => { running.current = false; };
      result.then(release, release);
    }
  };
}

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & { variant?: Variant; onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown };

export function Button({ variant = 'primary', className = '', type = 'button', onClick, ...props }: Props) {
  const press = useOnePress(onClick);
  return <button type={type} className={buttonClass(variant, className)} onClick={press} {...props} />;
}
