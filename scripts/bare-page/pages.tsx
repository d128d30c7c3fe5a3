// The two screens of the bare pages, shared by both yardsticks (main.tsx, declarative.tsx).
import { Link } from 'react-router-dom';

const mainStyle = { fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto' };

export function Home() {
  return (
    <main style={mainStyle}>
      <h1>A bare React page</h1>
      <p>React, react-dom and react-router, nothing else.</p>
      <Link to="/about">About</Link>
    </main>
  );
}

export function About() {
  return (
    <main style={mainStyle}>
      <h1>About</h1>
      <Link to="/">Home</Link>
    </main>
  );
}
