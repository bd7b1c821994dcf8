import { createApp } from 'vue';
import 'leadkit/define';
import App from './App.vue';

createApp(App).mount('#app');
