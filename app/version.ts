/** The product version shown in the sidebar (section 9: V1.0.10); kept equal to package.json. */
export const APP_VERSION = '1.0.10';
