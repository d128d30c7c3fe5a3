import { Fragment } from 'react';
import { PublicLayout } from '@/components/layout/public-layout';
import { CONTACT_EMAIL, PRODUCT_NAME } from '@/config/constants';
import type {
  LegalBlock,
  LegalDocument as LegalDocumentContent,
} from '@/features/legal/content/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { scrollToAnchorOnClick } from '@/lib/scroll-to-section';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Turns the contact address inside legal prose into a mailto link. */
function Prose({ text }: { text: string }) {
  const parts = text.split(CONTACT_EMAIL);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="font-medium text-primary underline underline-offset-4"
            >
              {CONTACT_EMAIL}
            </a>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <Prose text={block} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-6">
      {block.list.map((item) => (
        <li key={item}>
          <Prose text={item} />
        </li>
      ))}
    </ul>
  );
}

/** A legal page: title, date, table of contents and numbered sections, all from content data. */
export function LegalDocument({ document: doc }: { document: LegalDocumentContent }) {
  useDocumentMeta(`${doc.title} | ${PRODUCT_NAME}`, doc.metaDescription);
  const formattedDate = dateFormat.format(new Date(doc.date));

  return (
    <PublicLayout>
      <div className="container max-w-6xl py-12 lg:py-16">
        <header className="mb-10 max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
          <p className="mt-3 text-sm text-muted-foreground">
            {doc.dateLabel} <time dateTime={doc.date}>{formattedDate}</time>
          </p>
          {doc.intro.map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-7">
              <Prose text={paragraph} />
            </p>
          ))}
        </header>

        <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
            <h2
              id="toc-heading"
              className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
            >
              Contents
            </h2>
            <ol className="space-y-1 text-sm">
              {doc.sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => scrollToAnchorOnClick(event, section.id)}
                    className="block rounded px-2 py-1 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="max-w-3xl space-y-10">
            {doc.sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                tabIndex={-1}
                className="scroll-mt-24 focus:outline-none"
              >
                <h2 id={`${section.id}-heading`} className="text-xl font-semibold tracking-tight">
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-3 space-y-4 leading-7">
                  {section.body.map((block, blockIndex) => (
                    <Block key={blockIndex} block={block} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
