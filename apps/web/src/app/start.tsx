import { render } from '../root.tsx';
import { App } from './App.tsx';

// The app, at the current address: its router reads the address now.
render(<App />);
