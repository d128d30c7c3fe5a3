import type { UseCaseSlug } from '@/config/paths';

export function UseCasePage({ slug }: { slug: UseCaseSlug }) {
  return (
    <main className="container py-16">
      <h1 className="text-3xl font-bold">{slug}</h1>
    </main>
  );
}
