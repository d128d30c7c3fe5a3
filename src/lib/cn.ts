import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names. Classes passed together never fight (two paddings, two displays): where a
 * caller changes a component's default, the component offers a variant for it or the caller
 * uses a class that does not clash. Development checks that with tailwind-merge and reports any
 * list it would have had to merge (tests fail on it); production merges nothing, so no page
 * pays for tailwind-merge's ~10 kB of JavaScript.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) {
    const merged = twMerge(classes);
    if (merged !== classes)
      console.error(`cn: classes that fight in "${classes}" (merged: "${merged}")`);
  }
  return classes;
}
