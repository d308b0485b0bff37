/** Text made safe to put inside HTML (mail bodies, page heads), attribute values included. */
export { default as escapeHtml } from "escape-html";
