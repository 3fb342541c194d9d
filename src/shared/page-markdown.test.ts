import { describe, expect, it } from 'vitest';
import { renderPageMarkdown } from './page-markdown';

describe("the site's pages' Markdown", () => {
  it('draws headings one level below the dialog title, the deepest as h4', () => {
    expect(renderPageMarkdown('# One\n\n## Two\n\n### Three\n\n#### Four')).toBe(
      '<h2>One</h2>\n<h3>Two</h3>\n<h4>Three</h4>\n<h4>Four</h4>\n',
    );
  });

  it('keeps raw HTML as text and other link schemes as words', () => {
    const html = renderPageMarkdown(
      '<b onclick="x()">hi</b> [x](javascript:alert(1)) [mail](mailto:a@b.test)',
    );
    expect(html).toContain('&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;');
    expect(html).toContain('[x](javascript:alert(1))');
    expect(html).toContain('<a href="mailto:a@b.test" target="_blank" rel="noopener nofollow ugc">mail</a>');
  });
});
