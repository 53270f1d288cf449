import { z } from 'zod';

const text = z.string().trim().min(1, 'must not be empty');
/** A file under content/media, served from /media/. */
const mediaPath = text.regex(/^\/media\/[\w./-]+$/, 'must be a path under /media/');
const externalUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });
const link = z.object({ label: text, url: externalUrl });
const image = z.object({ src: mediaPath, alt: z.string() });
const slug = text.regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes');

export const siteSchema = z.object({
  municipality: z.object({ name: text, province: text, tagline: text }),
  seal: image,
  transparencySeal: image,
  socialLink: link,
  charter: z.object({ label: text, file: mediaPath }),
  governmentLinks: z.array(link).min(1),
});

export const departmentSchema = z.object({
  slug,
  name: text,
  headerImage: image,
  vision: z.string().trim(),
  mission: z.string().trim(),
  goal: z.string().trim(),
});

export const newsItemSchema = z.object({
  id: slug,
  title: text,
  date: text,
  picture: image,
  /** Markdown. */
  text,
});

export const contentFiles = {
  site: { file: 'site.json', schema: siteSchema },
  departments: { file: 'departments.json', schema: z.array(departmentSchema) },
  news: { file: 'news.json', schema: z.array(newsItemSchema) },
} as const;

export type SiteContent = z.infer<typeof siteSchema>;
export type Department = z.infer<typeof departmentSchema>;
export type NewsItem = z.infer<typeof newsItemSchema>;
export type Content = { [K in keyof typeof contentFiles]: z.infer<(typeof contentFiles)[K]['schema']> };
