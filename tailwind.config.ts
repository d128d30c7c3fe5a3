import type { Config } from 'tailwindcss';

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    container: { center: true, padding: '1.5rem', screens: { '2xl': '1280px' } },
    extend: {
      colors: {
        border: 'hsl(var(--border))',
        input: 'hsl(var(--input))',
        ring: 'hsl(var(--ring))',
        background: 'hsl(var(--background))',
        foreground: 'hsl(var(--foreground))',
        primary: { DEFAULT: 'hsl(var(--primary))', foreground: 'hsl(var(--primary-foreground))' },
        secondary: {
          DEFAULT: 'hsl(var(--secondary))',
          foreground: 'hsl(var(--secondary-foreground))',
        },
        muted: {
          DEFAULT: 'hsl(var(--muted))',
          foreground: 'hsl(var(--muted-foreground))',
          soft: 'hsl(var(--muted-soft))',
        },
        accent: { DEFAULT: 'hsl(var(--accent))', foreground: 'hsl(var(--accent-foreground))' },
        destructive: {
          DEFAULT: 'hsl(var(--destructive))',
          foreground: 'hsl(var(--destructive-foreground))',
        },
        card: { DEFAULT: 'hsl(var(--card))', foreground: 'hsl(var(--card-foreground))' },
        success: { DEFAULT: 'hsl(var(--success))', foreground: 'hsl(var(--success-foreground))' },
      },
      borderRadius: {
        lg: 'var(--radius)',
        md: 'calc(var(--radius) - 2px)',
        sm: 'calc(var(--radius) - 4px)',
      },
      fontFamily: {
        sans: [
          'Inter',
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'sans-serif',
        ],
        mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
      },
      keyframes: {
        wave: {
          '0%,100%': { transform: 'translateX(0)' },
          '50%': { transform: 'translateX(-25%)' },
        },
        // Four phases of one bounce for the demo's level bars. Phases, not staggered delays:
        // Chromium ran transform animations with differing delays on the main thread every
        // frame (a trace of / showed ~250 ms of style and paint work in its first seconds).
        'bar-bounce': {
          '0%,100%': { transform: 'scaleY(0.3)' },
          '50%': { transform: 'scaleY(1)' },
        },
        'bar-bounce-quarter': {
          '0%,100%': { transform: 'scaleY(0.65)' },
          '25%': { transform: 'scaleY(1)' },
          '75%': { transform: 'scaleY(0.3)' },
        },
        'bar-bounce-half': {
          '0%,100%': { transform: 'scaleY(1)' },
          '50%': { transform: 'scaleY(0.3)' },
        },
        'bar-bounce-three-quarters': {
          '0%,100%': { transform: 'scaleY(0.65)' },
          '25%': { transform: 'scaleY(0.3)' },
          '75%': { transform: 'scaleY(1)' },
        },
      },
      animation: {
        wave: 'wave 12s ease-in-out infinite',
        'bar-bounce': 'bar-bounce 1.2s ease-in-out infinite',
        'bar-bounce-quarter': 'bar-bounce-quarter 1.2s ease-in-out infinite',
        'bar-bounce-half': 'bar-bounce-half 1.2s ease-in-out infinite',
        'bar-bounce-three-quarters': 'bar-bounce-three-quarters 1.2s ease-in-out infinite',
      },
    },
  },
  plugins: [],
} satisfies Config;
