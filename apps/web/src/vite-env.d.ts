/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}
