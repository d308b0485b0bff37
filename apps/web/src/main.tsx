import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { LanguageRoot } from "./app/language";
import { AppRoutes } from "./app/routes";
import { activateLanguage, i18n } from "./lib/i18n";
import { languageOfPath } from "./lib/language";
import { makeQueryClient, makeTRPCClient, trpc } from "./lib/trpc";
import "./styles.css";

const initialLanguage = languageOfPath(window.location.pathname);

function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTRPCClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <LanguageRoot initial={initialLanguage}>
            {(basename, language) => (
              <BrowserRouter key={language} basename={basename}>
                <AppRoutes />
              </BrowserRouter>
            )}
          </LanguageRoot>
        </I18nProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

// The page's catalogue comes first (a small chunk of its own), so the first paint is already in the visitor's language.
void activateLanguage(initialLanguage).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
