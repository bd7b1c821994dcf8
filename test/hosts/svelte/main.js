import { mount } from 'svelte';
import 'leadkit/define';
import App from './App.svelte';

mount(App, { target: document.getElementById('app') });
