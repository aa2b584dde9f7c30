import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps plain text as it is, line breaks included', () => {
    expect(linkify('Liebe Eltern,\nheute kein Unterricht.')).toEqual([{ kind: 'text', text: 'Liebe Eltern,\nheute kein Unterricht.' }]);
  });

  it('turns http and https addresses into links and leaves the sentence around them', () => {
    expect(linkify('See https://school.example/plan?x=1. Or http://a.example')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://school.example/plan?x=1', href: 'https://school.example/plan?x=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'http://a.example', href: 'http://a.example/' },
    ]);
  });

  it('leaves trailing punctuation and an enclosing bracket to the text, but keeps a bracket the address opened', () => {
    expect(linkify('(https://a.example/x), and https://w.example/A_(b).')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: '), and ' },
      { kind: 'link', text: 'https://w.example/A_(b)', href: 'https://w.example/A_(b)' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links another scheme or markup: javascript:, data:, mailto: and HTML stay text', () => {
    const body = 'javascript:alert(1) data:text/html,x mailto:a@b.example <a href="https://x.example">x</a>';
    const pieces = linkify(body);
    expect(pieces.filter((piece) => piece.kind === 'link').map((piece) => piece.text)).toEqual(['https://x.example']);
    expect(pieces.map((piece) => piece.text).join('')).toBe(body);
  });

  it('an address without a host stays text', () => {
    expect(linkify('https:// nothing')).toEqual([{ kind: 'text', text: 'https:// nothing' }]);
  });
});
