import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useBrand } from './use-brand';
import { formatDate, toFormatLocale } from '../domain/locale-format';

/** §2 route meta. Absent flags take the defaults below. */
export interface RouteMeta {
  /** the page's own title; absent: no page title (the configured title alone) */
  title?: MessageDescriptor;
  /** the group in the path is part of the title (tabular, meteo, analysis screens) */
  groupInTitle?: boolean;
  /** the navbar shows this heading instead of the group title (meteo input, §2) */
  navbarHeading?: MessageDescriptor;
  showGenericButtons?: boolean;
  showUser?: boolean;
  showLogo?: boolean;
  needsAuth?: boolean;
  /** the page explains the login and offers it itself: the general login hint would only repeat it */
  ownLoginHint?: boolean;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    meta?: RouteMeta;
  }
}

const DEFAULTS: Required<Omit<RouteMeta, 'title' | 'groupInTitle' | 'navbarHeading'>> = {
  showGenericButtons: true,
  showUser: true,
  showLogo: true,
  needsAuth: false,
  ownLoginHint: false,
};

/** The meta of the deepest matched route, with defaults filled in. */
export function useRouteMeta(): RouteMeta & typeof DEFAULTS {
  const matches = useMatches();
  const meta = [...matches].reverse().find((m) => m.staticData.meta)?.staticData.meta ?? {};
  return { ...DEFAULTS, ...meta };
}

/** The document title: page title, group and date, configured title, joined by a bullet (§2). */
export function composeTitle(parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => !!p && p.trim() !== '').join(' • ');
}

export function useDocumentTitle(): void {
  const { i18n } = useLingui();
  const brand = useBrand();
  const matches = useMatches();
  const meta = useRouteMeta();
  const params = matches.at(-1)?.params as Record<string, string | undefined> | undefined;
  const title = composeTitle([
    meta.title ? i18n._(meta.title) : undefined,
    meta.groupInTitle ? params?.group : undefined,
    meta.groupInTitle && params?.date ? formatDate(params.date, toFormatLocale(i18n.locale)) : undefined,
    brand,
  ]);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
