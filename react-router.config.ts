import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts and benchmarks keep separate builds.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  future: {
    // Route middleware runs the session guard once before any loader of a role area.
    v8_middleware: true,
    // Pre-bundles dependencies on the dev server so React and Emotion load once.
    unstable_optimizeDeps: true,
  },
} satisfies Config;
