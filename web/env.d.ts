// Build-time constants injected by vite.config.ts `define`.
declare const __APP_NAME__: string;
declare const __BRAND__: string;
