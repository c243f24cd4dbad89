/// <reference types="vite/client" />
// Vite-handled imports (CSS, assets) in the browser code.
