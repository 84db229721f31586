/** A search snippet: the server (SQLite FTS) marks each hit between U+E000 and U+E001, private-use characters. */
export function Snippet({ text }: { text: string }) {
  return (
    <span>
      {text.split("\uE000").map((piece, i) => {
        const end = piece.indexOf("\uE001");
        if (end === -1) return <span key={i}>{piece}</span>;
        return (
          <span key={i}>
            <mark>{piece.slice(0, end)}</mark>
            {piece.slice(end + 1)}
          </span>
        );
      })}
    </span>
  );
}
