/**
 * The cleaning part of the page path as the html-transform tests call it: convertHtml with the \`html\` format,
 * links and images, and no Markdown.
 */
import { convertHtml } from "../src/scrape/html-content";

export interface TransformOptions {
  baseUrl: string;
  onlyMainContent: boolean;
  includeTags?: string[];
  excludeTags?: string[];
}

export async function transformHtml(html: string, options: TransformOptions) {
  const result = convertHtml(html, {
    ...options,
    url: options.baseUrl,
    markdown: false,
    html: true,
    discoverLinks: false,
  });
  return { html: result.html!, links: result.links, images: result.images };
}

export const PAGE_URL = "https://blog.example.com/posts/2024/crawler";
