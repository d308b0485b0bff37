import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { SANDBOX_WHATSAPP_MESSAGES_PATH, type SandboxWhatsappMessage } from "@mithai/schema";
import { useDocumentTitle } from "../lib/use-document-title";
import "./sandbox-whatsapp.css";

type Answer = { messages: SandboxWhatsappMessage[] } | { refused: string };

async function fetchMessages(): Promise<Answer> {
  const response = await fetch(SANDBOX_WHATSAPP_MESSAGES_PATH, { headers: { accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as { messages?: SandboxWhatsappMessage[]; message?: string } | null;
  if (response.ok && body?.messages) return { messages: body.messages };
  if (response.status === 404) return { refused: body?.message ?? "There is no WhatsApp sandbox in this shop." };
  throw new Error(body?.message ?? `The sandbox answered ${response.status}`);
}

/** "+919845012345" as people read it: "+91 98450 12345". */
const readableMobile = (mobile: string) => mobile.replace(/^\+91(\d{5})(\d{5})$/, "+91 $1 $2");
const timeOf = (at: string) => new Date(at).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" });

/**
 * /sandbox/whatsapp: the WhatsApp messages a shop without WHATSAPP_TOKEN would have sent (development only), newest
 * first, refreshed every few seconds. Marked throughout as the sandbox: nothing here reached anyone.
 */
export default function SandboxWhatsapp() {
  useDocumentTitle("WhatsApp sandbox");
  const messages = useQuery({ queryKey: ["sandbox-whatsapp"], queryFn: fetchMessages, refetchInterval: 2000, staleTime: 0 });
  const answer = messages.data;
  return (
    <div className="wa-sandbox">
      <header className="wa-sandbox-header">
        <p className="wa-sandbox-badge">Sandbox</p>
        <h1>WhatsApp messages</h1>
        <p className="wa-sandbox-warning">
          Test messages only: this shop has no WhatsApp token, so nothing below was sent to anyone. Each is what a customer who opted in would
          have received.
        </p>
      </header>
      <main className="wa-sandbox-chat" aria-live="polite">
        {messages.isError && <p className="wa-sandbox-empty">The sandbox could not be read: {messages.error.message}</p>}
        {!answer && !messages.isError && <p className="wa-sandbox-empty">Loading the messages…</p>}
        {answer && "refused" in answer && <p className="wa-sandbox-empty">{answer.refused}</p>}
        {answer && "messages" in answer && answer.messages.length === 0 && (
          <p className="wa-sandbox-empty">No messages yet. Tick “Send me order updates on WhatsApp” at checkout and pay with the sandbox.</p>
        )}
        {answer && "messages" in answer && answer.messages.length > 0 && (
          <ol className="wa-sandbox-list">
            {answer.messages.map((message) => (
              <li key={`${message.at}-${message.to}-${message.template}`} className="wa-message">
                <p className="wa-message-to">
                  To {readableMobile(message.to)} · <code>{message.template}</code>
                </p>
                <p className="wa-message-text">{message.text}</p>
                <time className="wa-message-at" dateTime={message.at}>
                  {timeOf(message.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </main>
      <p className="wa-sandbox-back">
        <Link to="/">Back to the shop</Link>
      </p>
    </div>
  );
}
