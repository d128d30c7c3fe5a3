import { Check, Copy } from 'lucide-react';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import type { CodeLanguage, CodeSample } from '@/features/docs/content/code-samples';
import { cn } from '@/lib/cn';
import { useTabKeyboard } from '@/lib/use-tab-keyboard';

const languageLabels: Record<CodeLanguage, string> = {
  curl: 'curl',
  javascript: 'JavaScript',
  python: 'Python',
  sdk: 'TypeScript SDK',
  json: 'JSON',
  text: 'Text',
};

type PreferredLanguage = {
  language: CodeLanguage | null;
  setLanguage: (language: CodeLanguage) => void;
};

const PreferredLanguageContext = createContext<PreferredLanguage | null>(null);

/** Picking a language in one code block picks it in every block under this provider. */
export function CodeLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<CodeLanguage | null>(null);
  return (
    <PreferredLanguageContext.Provider value={{ language, setLanguage }}>
      {children}
    </PreferredLanguageContext.Provider>
  );
}

const COPIED_RESET_MS = 2000;

type CodeBlockProps = {
  /** Names the block for assistive technology, e.g. "Create a task". */
  title: string;
  samples: CodeSample[];
  className?: string;
};

export function CodeBlock({ title, samples, className }: CodeBlockProps) {
  const preferred = useContext(PreferredLanguageContext);
  const [localLanguage, setLocalLanguage] = useState(samples[0]?.language);
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const baseId = useId();

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const has = (language: CodeLanguage | null | undefined) =>
    samples.some((sample) => sample.language === language);
  const activeLanguage = has(preferred?.language)
    ? preferred?.language
    : has(localLanguage)
      ? localLanguage
      : samples[0]?.language;
  const activeIndex = Math.max(
    0,
    samples.findIndex((sample) => sample.language === activeLanguage),
  );

  function select(index: number) {
    const sample = samples[index];
    if (!sample) return;
    setLocalLanguage(sample.language);
    preferred?.setLanguage(sample.language);
  }

  const { tabRef, onKeyDown: onTabKeyDown } = useTabKeyboard(samples.length, activeIndex, select);
  const active = samples[activeIndex];
  if (!active) return null;

  const activeLabel = languageLabels[active.language];
  const tabbed = samples.length > 1;
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = `${baseId}-panel`;

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Copied to clipboard');
      setCopied(true);
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    } catch {
      toast.error('Could not copy', { description: 'Select the code and copy it by hand.' });
    }
  }

  const code = (
    <pre className="p-4 font-mono text-[13px] leading-6 text-slate-100">
      <code>{active.code}</code>
    </pre>
  );

  return (
    <figure
      className={cn('overflow-hidden rounded-lg border border-slate-800 bg-slate-950', className)}
    >
      <figcaption className="sr-only">{title}</figcaption>
      <div className="flex items-center justify-between gap-2 border-b border-slate-800 px-2 py-1.5">
        {tabbed ? (
          <div role="tablist" aria-label={`${title}: language`} className="flex gap-1">
            {samples.map((sample, index) => {
              const selected = index === activeIndex;
              return (
                <button
                  key={sample.language}
                  ref={tabRef(index)}
                  type="button"
                  role="tab"
                  id={tabId(index)}
                  aria-selected={selected}
                  aria-controls={panelId}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => select(index)}
                  onKeyDown={onTabKeyDown}
                  className={cn(
                    'rounded-md px-3 py-1.5 text-xs font-semibold transition-colors focus-visible:ring-offset-slate-950',
                    selected
                      ? 'bg-slate-800 text-white'
                      : 'text-slate-300 hover:bg-slate-900 hover:text-white',
                  )}
                >
                  {languageLabels[sample.language]}
                </button>
              );
            })}
          </div>
        ) : (
          <span className="px-3 py-1.5 text-xs font-semibold text-slate-300">{activeLabel}</span>
        )}
        <Button
          variant="ghost-inverse"
          size="sm"
          onClick={() => void copy(active.code)}
          aria-label={`${copied ? 'Copied' : 'Copy'} ${activeLabel} code`}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {tabbed ? (
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(activeIndex)}
          // Focusable so keyboard users can scroll long lines (axe: scrollable-region-focusable).
          tabIndex={0}
          className="overflow-x-auto focus-visible:ring-inset focus-visible:ring-offset-0"
        >
          {code}
        </div>
      ) : (
        <div
          role="region"
          aria-label={`${title} (${activeLabel})`}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable for keyboard users
          tabIndex={0}
          className="overflow-x-auto focus-visible:ring-inset focus-visible:ring-offset-0"
        >
          {code}
        </div>
      )}
    </figure>
  );
}
