/** A chat message's text: plain text (React escapes it), its http(s) links clickable and opened apart. */
import { chatPieces } from "../../server/areas/support/chat/rules.ts";

export function ChatText({ text }: { text: string }) {
  return (
    <span className="chat-text">
      {chatPieces(text).map((piece, i) =>
        "href" in piece
          ? (
            <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer">
              {piece.text}
            </a>
          )
          : piece.text
      )}
    </span>
  );
}
