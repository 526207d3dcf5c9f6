import type { ParseKeys } from 'i18next';
import { useMatches } from 'react-router';

/** A key of the console catalogue naming a page (`route.*`). */
export type TitleKey = Extract<ParseKeys<'translation'>, `route.${string}`>;

/** What the route table puts on each router route (`handle`): read by the page header and the document title. */
export interface RouteHandle {
  titleKey?: TitleKey;
}

/** Title key of the deepest matched route that has one. */
export function useCurrentTitleKey(): TitleKey | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}
