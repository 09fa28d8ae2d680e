import type { ReactNode } from 'react';

/** The public start page of a portal: a short welcome beside its login card (both portals, SPEC 2). */
export function LoginHero({
  title,
  intro,
  className,
  children,
}: {
  title: string;
  intro: string;
  /** Spacing of the two-column grid, which differs between the portals' shells. */
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2 lg:gap-16 ${className}`}>
      <section className="max-w-xl">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-base leading-7 text-slate-600">{intro}</p>
      </section>
      <div className="mx-auto w-full max-w-md lg:mr-0">{children}</div>
    </div>
  );
}
