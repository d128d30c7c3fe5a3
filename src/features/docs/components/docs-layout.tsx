import { Fragment, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { PublicLayout } from '@/components/layout/public-layout';
import { paths } from '@/config/paths';
import type { FieldDoc } from '@/features/docs/content/api-reference';
import { cn } from '@/lib/cn';
import { scrollToAnchorOnClick } from '@/lib/scroll-to-section';

export type TocItem = { id: string; title: string };

const docPages = [
  { href: paths.docs.href, label: 'API reference' },
  { href: paths.docsPhoneAgent.href, label: 'Phone agent' },
] as const;

/** Frame of a docs page: sidebar with the docs pages and this page's sections, then content. */
export function DocsLayout({
  title,
  lead,
  actions,
  toc,
  children,
}: {
  title: string;
  lead: ReactNode;
  actions?: ReactNode;
  toc: TocItem[];
  children: ReactNode;
}) {
  return (
    <PublicLayout>
      {/* DOM order header, sidebar, content: on small screens the page opens with its h1. */}
      <div className="container grid gap-x-10 gap-y-8 py-12 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-16">
        <header className="min-w-0 max-w-3xl lg:col-start-2 lg:row-start-1">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <div className="mt-4 text-lg leading-8 text-muted-foreground">{lead}</div>
          {actions && <div className="mt-6 flex flex-wrap gap-3">{actions}</div>}
        </header>

        <aside className="border-y py-4 lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto lg:border-0 lg:py-0">
          <nav aria-label="Documentation">
            <ul className="mb-4 flex flex-wrap gap-1 text-sm lg:mb-6 lg:block lg:space-y-1">
              {docPages.map((page) => (
                <li key={page.href}>
                  <NavLink
                    to={page.href}
                    end
                    className={({ isActive }) =>
                      cn(
                        'block rounded-md px-2 py-1.5 font-semibold',
                        isActive
                          ? 'bg-accent text-accent-foreground'
                          : 'text-foreground hover:bg-accent hover:text-accent-foreground',
                      )
                    }
                  >
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="On this page">
            <p className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              On this page
            </p>
            <ul className="flex flex-wrap gap-x-1 text-sm lg:block lg:space-y-0.5">
              {toc.map((item) => (
                <li key={item.id}>
                  <a
                    href={`#${item.id}`}
                    onClick={(event) => scrollToAnchorOnClick(event, item.id)}
                    className="block rounded-md px-2 py-1 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                  >
                    {item.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <div className="min-w-0 max-w-3xl space-y-14 lg:col-start-2 lg:row-start-2">{children}</div>
      </div>
    </PublicLayout>
  );
}

export function DocsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
      className="scroll-mt-24 space-y-4 leading-7 focus:outline-none"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An in-page link in prose, scrolling like the sidebar does. */
export function AnchorLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <a
      href={`#${id}`}
      onClick={(event) => scrollToAnchorOnClick(event, id)}
      className="font-medium text-primary underline underline-offset-4"
    >
      {children}
    </a>
  );
}

export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-lg font-semibold">{children}</h3>;
}

// Long inline URLs and paths break anywhere rather than push a phone-width page sideways.
export function InlineCode({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.875em] text-foreground [overflow-wrap:anywhere]">
      {children}
    </code>
  );
}

/** Renders `backticked` spans of content strings as inline code. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) => (
        <Fragment key={index}>{index % 2 === 1 ? <InlineCode>{part}</InlineCode> : part}</Fragment>
      ))}
    </>
  );
}

/** A reference table. The first column is code, the rest prose. */
export function DocsTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than the screen scrolls, and keyboard users must reach it
      tabIndex={0}
      className="overflow-x-auto rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2.5 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t align-top">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="whitespace-nowrap px-4 py-2.5 font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-4 py-2.5">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FieldTable({ caption, fields }: { caption: string; fields: FieldDoc[] }) {
  return (
    <DocsTable
      caption={caption}
      columns={['Field', 'Type', 'Description']}
      rows={fields.map((field) => ({
        key: field.name,
        cells: [
          <Fragment key="name">
            <InlineCode>{field.name}</InlineCode>
            {field.required && (
              <span className="ml-2 text-xs font-semibold text-destructive">required</span>
            )}
          </Fragment>,
          <span key="type" className="whitespace-nowrap font-mono text-xs">
            {field.type}
          </span>,
          <RichText key="description" text={field.description} />,
        ],
      }))}
    />
  );
}
