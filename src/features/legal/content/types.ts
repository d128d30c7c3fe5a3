/** A paragraph, or a bulleted list of items. */
export type LegalBlock = string | { list: string[] };

export type LegalSection = {
  /** Anchor id, stable across wording changes so deep links keep working. */
  id: string;
  title: string;
  body: LegalBlock[];
};

export type LegalDocument = {
  title: string;
  metaDescription: string;
  dateLabel: 'Last updated' | 'Effective';
  /** ISO date, shown as e.g. April 22, 2025. */
  date: string;
  intro: string[];
  sections: LegalSection[];
};
