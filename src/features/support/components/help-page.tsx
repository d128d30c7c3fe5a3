import { Mail, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layout/public-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@/config/constants';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { searchHelpArticles } from '../content/help-articles';
import { helpTopics } from '../content/help-topics';

/** /help: a search over the help articles (in the browser), three topic cards and e-mail support. */
export function HelpPage() {
  useDocumentMeta(
    `Help Center | ${PRODUCT_NAME}`,
    `Guides and answers for getting started with ${PRODUCT_NAME}, billing and troubleshooting.`,
  );
  const [query, setQuery] = useState('');
  const found = searchHelpArticles(useDeferredValue(query));
  return (
    <PublicLayout>
      <div className="container max-w-5xl py-16">
        <header className="text-center">
          <h1 className="text-4xl font-bold tracking-tight">Help Center</h1>
          <p className="mt-3 text-lg text-muted-foreground">
            Find answers about {PRODUCT_NAME}, or write to our support team.
          </p>
        </header>

        <div className="mx-auto mt-10 max-w-xl">
          <Label htmlFor="help-search" className="mb-2 block">
            Search help articles
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="help-search"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Try “webhook”, “test key” or “credits”"
              aria-controls="help-articles"
              className="pl-9"
            />
          </div>
        </div>

        <section aria-labelledby="articles-heading" className="mt-10">
          <h2 id="articles-heading" className="text-xl font-semibold">
            {query.trim() ? 'Matching articles' : 'Articles'}
          </h2>
          <p role="status" className="mt-1 text-sm text-muted-foreground">
            {query.trim()
              ? found.length === 0
                ? `No article mentions “${query.trim()}”. Write to us below.`
                : `${found.length} ${found.length === 1 ? 'article' : 'articles'} found.`
              : null}
          </p>
          <ul id="help-articles" className="mt-4 grid gap-4 md:grid-cols-2">
            {found.map((article) => (
              <li key={article.id}>
                <article
                  aria-labelledby={`help-${article.id}`}
                  className="h-full rounded-xl border bg-card p-5"
                >
                  <h3 id={`help-${article.id}`} className="font-semibold">
                    {article.title}
                  </h3>
                  <p className="mt-2 text-sm text-muted-foreground">{article.body}</p>
                  <Link
                    to={article.link.href}
                    className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {article.link.label}
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="topics-heading" className="mt-14">
          <h2 id="topics-heading" className="sr-only">
            Help topics
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {helpTopics.map((topic) => (
              <li key={topic.id}>
                <Card className="h-full">
                  <CardHeader>
                    <topic.icon aria-hidden="true" className="size-6 text-primary" />
                    <CardTitle>{topic.title}</CardTitle>
                    <CardDescription>{topic.description}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ul className="grid gap-2 text-sm">
                      {topic.links.map((link) => (
                        <li key={link.label}>
                          <Link
                            to={link.href}
                            className="font-medium text-primary underline-offset-4 hover:underline"
                          >
                            {link.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="support-heading"
          className="mt-14 rounded-xl border bg-muted/50 p-8 text-center"
        >
          <h2 id="support-heading" className="text-2xl font-semibold">
            Still need help?
          </h2>
          <p className="mt-2 text-muted-foreground">
            Our support team answers every e-mail, usually within one business day.
          </p>
          <Button asChild size="lg" className="mt-6">
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <Mail aria-hidden="true" />
              Email Support
            </a>
          </Button>
        </section>
      </div>
    </PublicLayout>
  );
}
