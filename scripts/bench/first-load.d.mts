// Types for first-load.mjs, which the browser tests import to measure a page as the benchmark does.
import type { Browser, Page } from '@playwright/test';

export interface FirstLoad {
  document: number;
  stylesheet: number;
  script: number;
  image: number;
  other: number;
  headers: number;
  wire: number;
  https: number;
  substituted: number;
}

export const PHONE: { viewport: { width: number; height: number }; deviceScaleFactor: number };

export function readToTheEnd(page: Page): Promise<void>;

export function measureFirstLoad(browser: Browser, url: string): Promise<FirstLoad>;

export function measureFirstLoads(
  origin: string,
  paths: string[],
): Promise<(FirstLoad & { path: string })[]>;

export function printFirstLoads(
  firstLoads: (FirstLoad & { path: string })[],
  targets: { homeKb: number; publicJsKb: number },
): boolean;
