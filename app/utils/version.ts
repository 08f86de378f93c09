/**
 * The product version shown in the sidebar (docs/specification.md, "9. Business constants and limits": V1.0.10);
 * kept equal to package.json.
 */
export const APP_VERSION = '1.0.10';
