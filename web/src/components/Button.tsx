import { forwardRef, type ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "accent" | "danger" | "ghost" | "inverse";
const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  accent: "bg-accent-500 text-slate-900 hover:bg-accent-600 disabled:bg-slate-300",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-slate-400",
  ghost: "text-brand-700 hover:bg-brand-50 disabled:text-slate-400",
  /** On the dark brand backgrounds (hero, page banners). */
  inverse: "border border-white/40 bg-transparent text-white hover:bg-white/10 disabled:text-white/50",
};

export function buttonClass(variant: Variant = "primary", extra = ""): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }>(
  function Button({ variant = "primary", className = "", type = "button", ...props }, ref) {
    return <button ref={ref} type={type} className={buttonClass(variant, className)} {...props} />;
  },
);
