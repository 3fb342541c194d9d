import { createArticleParser } from '@shared/markdown-parser';
import { render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText, renderMarkdown } from './rich-text';

declare global {
  interface Window {
    __xss?: number;
  }
}

afterEach(() => {
  delete window.__xss;
});

/** Known XSS payloads (OWASP cheat sheet style), as raw HTML and hidden inside Markdown. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"></svg>',
  '<a href="javascript:window.__xss=1">click</a>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<body onload=window.__xss=1>',
  '<div style="background:url(javascript:window.__xss=1)">x</div>',
  '[click](javascript:window.__xss=1)',
  '[click](JaVaScRiPt:window.__xss=1)',
  '[click](java\tscript:window.__xss=1)',
  '[click](&#106;avascript:window.__xss=1)',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '[a](https://ok.example/"onmouseover="window.__xss=1)',
  '<https://ok.example/"><img src=x onerror=window.__xss=1>>',
  '![x](https://x.example/a.png"onerror="window.__xss=1)',
  '`<script>window.__xss=1</script>`',
  '> <img src=x onerror=window.__xss=1>',
  '- [x](javascript:window.__xss=1)',
  '@[<img src=x onerror=window.__xss=1>](user:11111111-1111-4111-8111-111111111111)',
  '@["onmouseover="window.__xss=1](user:11111111-1111-4111-8111-111111111111)',
  '<math><mi xlink:href="javascript:window.__xss=1">x</mi></math>',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
];

const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'EM',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'A',
  'CODE',
  'SPAN',
]);

/** `html` parsed into a detached element, to query what the renderer made. */
function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

/**
 * What must never come out of the renderer, whatever goes in: no script element, no tag outside
 * the subset, no `on*` attribute, no link to anything but http(s) or mailto. (Words like
 * "javascript:" may appear as text: text runs nothing.)
 */
function expectSafe(html: string) {
  expect(html).not.toMatch(/<script/i);
  const container = parse(html);
  for (const element of container.querySelectorAll('*')) {
    expect(ALLOWED_TAGS).toContain(element.tagName);
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(['href', 'target', 'rel', 'start', 'class']).toContain(attribute.name);
      expect(attribute.value).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
  }
  for (const link of container.querySelectorAll('a[href]')) {
    expect(link.getAttribute('href')).toMatch(/^(https?:|mailto:)/i);
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
  }
}

describe('renderMarkdown', () => {
  it('renders the subset: paragraphs, bold, italic, lists, quotes, links and inline code', () => {
    const html = renderMarkdown(
      'Hello **there** and *you*, `code`.\n\n- one\n- two\n\n1. first\n\n> calm\n\n[guide](https://example.com/g)',
    );
    const container = parse(html);
    expect(container.querySelector('strong')?.textContent).toBe('there');
    expect(container.querySelector('em')?.textContent).toBe('you');
    expect(container.querySelector('code')?.textContent).toBe('code');
    expect([...container.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('ol li')?.textContent).toBe('first');
    expect(container.querySelector('blockquote')?.textContent?.trim()).toBe('calm');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/g');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener nofollow ugc');
  });

  it('leaves out what the subset does not have: headings, images, tables, code blocks', () => {
    const html = renderMarkdown(
      '# Title\n\n![alt](https://x.example/a.png)\n\n| a | b |\n|---|---|\n\n    indented',
    );
    expect(html).not.toMatch(/<(h1|img|table|pre)/);
    expect(html).toContain('# Title');
  });

  it('shows raw HTML as text', () => {
    const { container } = render(
      <RichText text={'Before <b>bold</b> <script>window.__xss=1</script> after'} />,
    );
    expect(container.textContent).toContain('<b>bold</b>');
    expect(container.querySelector('b, script')).toBeNull();
    expect(window.__xss).toBeUndefined();
  });

  it('links written-out web addresses and mailto, never other schemes', () => {
    const html = renderMarkdown(
      'See https://example.org/a, [mail](mailto:a@example.org) [f](ftp://x.example) example.com',
    );
    const container = parse(html);
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/a',
      'mailto:a@example.org',
    ]);
  });

  it('keeps line breaks inside a paragraph', () => {
    render(<RichText text={'First line\nSecond line'} data-testid="text" />);
    expect(screen.getByTestId('text').querySelector('br')).not.toBeNull();
  });

  it('renders a mention as the name in a styled span', () => {
    const html = renderMarkdown('Thanks @[Ann Lee](user:11111111-1111-4111-8111-111111111111)!');
    const container = parse(html);
    const mention = container.querySelector('span.mention');
    expect(mention?.textContent).toBe('@Ann Lee');
  });

  it.each(PAYLOADS)('never lets a known payload through: %s', (payload) => {
    const { container } = render(<RichText text={`Before ${payload} after`} />);
    expectSafe(container.firstElementChild!.innerHTML);
    expect(window.__xss).toBeUndefined();
  });

  it('is safe for any input (fuzzed)', () => {
    // The pieces an attack is made of, by kind: Markdown syntax, line starts, link schemes, HTML, encodings.
    const syntax = ['<', '>', '"', "'", '`', '*', '_', '[', ']', '(', ')', '!', '@', '](', '\\'];
    const lineStarts = ['\n', '\n\n', '\t', ' ', 'x', '> ', '- ', '1. '];
    const schemes = ['javascript:', 'JAVASCRIPT:', 'data:', 'vbscript:', 'https://', 'mailto:', 'user:'];
    const html = ['<script>', '</script>', '<img src=x ', '<svg ', '<a href=', 'onerror=', 'onload='];
    const encodings = ['&#', '&lt;', '%0a'];
    const pieces = fc.constantFrom(
      ...syntax,
      ...lineStarts,
      ...schemes,
      ...html,
      ...encodings,
      '11111111-1111-4111-8111-111111111111',
    );
    const markdownish = fc
      .array(fc.oneof(pieces, fc.string({ maxLength: 6 })), { maxLength: 40 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.oneof(markdownish, fc.string({ maxLength: 200 }), fc.constantFrom(...PAYLOADS)),
        (source) => {
          expectSafe(renderMarkdown(source));
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe('renderMarkdown for articles and descriptions (issue 36)', () => {
  const OUR_IMAGE = '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d.webp';
  const ARTICLE = [
    '# Breathing room',
    'A **calm** start with [a guide](https://example.org/g) and *ease*.',
    '## What you need',
    '- a chair\n- ten minutes',
    '> Rest is not a reward.',
    `![A quiet lake](${OUR_IMAGE})`,
    '![Their picture](https://tracker.example/pixel.png)',
    `[our image as a link](${OUR_IMAGE})`,
  ].join('\n\n');

  it('renders headings (from h2: the page title is the h1), lists, links, emphasis, quotes and our images', () => {
    const container = parse(renderMarkdown(ARTICLE, 'article'));
    expect([...container.querySelectorAll('h2, h3')].map((h) => [h.tagName, h.textContent])).toEqual([
      ['H2', 'Breathing room'],
      ['H3', 'What you need'],
    ]);
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('calm');
    expect(container.querySelector('em')?.textContent).toBe('ease');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('blockquote')?.textContent?.trim()).toBe('Rest is not a reward.');
    expect(container.querySelector('a[href]')?.getAttribute('href')).toBe('https://example.org/g');
    // Only the uploaded image shows; another site's picture leaves its alt text, never a request.
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => [image.getAttribute('src'), image.getAttribute('alt')])).toEqual([
      [OUR_IMAGE, 'A quiet lake'],
    ]);
    expect(container.textContent).toContain('Their picture');
    expect(container.innerHTML).not.toContain('tracker.example');
    // An upload's path is an image source, not a link.
    expect(container.querySelectorAll('a[href]')).toHaveLength(1);
  });

  it("members' posts still have no headings or images", () => {
    const container = parse(renderMarkdown(ARTICLE));
    expect(container.querySelector('h2, h3, img')).toBeNull();
  });

  it('is the same markup on the server (no DOM: the parser alone) as in the browser, so hydration matches', () => {
    // React compares an inner HTML at hydration as the browser parses it (entities such as
    // &quot; in text read the same): the two must make the same elements, attributes and text.
    const server = createArticleParser();
    for (const source of [ARTICLE, ...PAYLOADS, `${PAYLOADS.join('\n\n')}\n\n${ARTICLE}`]) {
      expect(parse(renderMarkdown(source, 'article')).innerHTML, source).toBe(
        parse(server.render(source)).innerHTML,
      );
    }
  });

  it('is safe for every known payload, and no image but ours', () => {
    for (const payload of PAYLOADS) {
      const container = parse(renderMarkdown(`## ${payload}\n\n${payload}`, 'article'));
      for (const element of container.querySelectorAll('*')) {
        expect([...ALLOWED_TAGS, 'H2', 'H3', 'H4', 'IMG']).toContain(element.tagName);
        for (const attribute of element.attributes) {
          expect(['href', 'target', 'rel', 'start', 'class', 'src', 'alt']).toContain(attribute.name);
          expect(attribute.value).not.toMatch(/^\s*(javascript|vbscript|data):/i);
        }
      }
      for (const image of container.querySelectorAll('img')) {
        expect(image.getAttribute('src')).toMatch(/^\/objects\/images\//);
      }
    }
    render(<RichText text={PAYLOADS.join('\n\n')} variant="article" />);
    expect(window.__xss).toBeUndefined();
  });
});
