// Types for scripts/embed-gitlab-reports.mjs (used by test/gitlab/templates.test.ts).
export const TEMPLATE_FILES: string[];
export function embedReportsScript(yaml: string, js: string): string;
