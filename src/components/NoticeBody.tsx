/**
 * A notice's body as the office wrote it: plain text with its line breaks, and its http(s)
 * addresses as links (domain/linkify). Rendered as React text, so nothing in it is ever HTML.
 */
import { useMemo } from 'react';
import { linkify } from '../domain/linkify';

export function NoticeBody({ body }: { body: string }) {
  const pieces = useMemo(() => linkify(body), [body]);
  return (
    <p className="whitespace-pre-line wrap-anywhere text-slate-800">
      {pieces.map((piece, index) =>
        piece.kind === 'link' ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer" className="font-medium text-teal-800 underline">
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
}
