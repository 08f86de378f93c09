import { z } from 'zod';


// Every default zod message (wrong type, unknown key...) is said in Spanish too.
z.config(z.locales.es());

export { z };
