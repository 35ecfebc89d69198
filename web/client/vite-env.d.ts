// The types Vite gives the client: CSS and asset imports, import.meta.env.
/// <reference types="vite/client" />
