import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText, splitIntoSegments } from './rich-text';

declare global {
  interface Window {
    __xss?: number;
  }
}

afterEach(() => {
  delete window.__xss;
});

describe('RichText', () => {
  it('keeps line breaks and shows the text as it was written', () => {
    render(<RichText text={'First line\nSecond line'} data-testid="text" />);
    const text = screen.getByTestId('text');
    expect(text.textContent).toBe('First line\nSecond line');
    expect(text).toHaveClass('whitespace-pre-line');
  });

  it('turns web addresses into links that open safely in a new tab', () => {
    render(<RichText text="Read https://example.com/guide?x=1, then http://example.org." />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/guide?x=1',
      'http://example.org/',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    }
    // Punctuation after an address stays prose.
    expect(links[0]).toHaveTextContent(/^https:\/\/example\.com\/guide\?x=1$/);
    expect(links[1]).toHaveTextContent(/^http:\/\/example\.org$/);
  });

  it.each([
    ['<script>window.__xss=1</script>'],
    ['<img src=x onerror="window.__xss=1">'],
    ['<a href="javascript:window.__xss=1">click</a>'],
    ['<svg onload="window.__xss=1"></svg>'],
  ])('shows markup literally and never runs it: %s', (payload) => {
    const { container } = render(<RichText text={`Before ${payload} after`} />);
    expect(screen.getByText(`Before ${payload} after`)).toBeInTheDocument();
    expect(container.querySelector('script, img, svg, iframe')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(window.__xss).toBeUndefined();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
  ])('never links other schemes: %s', (text) => {
    const { container } = render(<RichText text={text} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent(text);
  });

  it('links only the web address inside a hostile string', () => {
    const { container } = render(<RichText text={'https://ok.example/"><img src=x onerror=alert(1)>'} />);
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://ok.example/');
    expect(container.querySelector('img')).toBeNull();
  });

  it('splits text into text and link segments in order', () => {
    expect(splitIntoSegments('see https://a.example now')).toEqual([
      { kind: 'text', value: 'see ' },
      { kind: 'link', value: 'https://a.example', href: 'https://a.example/' },
      { kind: 'text', value: ' now' },
    ]);
    expect(splitIntoSegments('')).toEqual([]);
  });
});
