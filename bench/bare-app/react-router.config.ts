import type { Config } from '@react-router/dev/config';

// The benchmark's bare React Router app (bench/bare-app/README.md): server rendering, nothing else.
export default {
  ssr: true,
  buildDirectory: process.env.BARE_BUILD_DIR ?? 'build',
} satisfies Config;
