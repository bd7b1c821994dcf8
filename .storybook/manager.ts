import { addons } from 'storybook/manager-api';
import { create } from 'storybook/theming';

/** The docs site's name at the top of its sidebar (Storybook's own logo otherwise), linking to its first page. */
addons.setConfig({ theme: create({ base: 'light', brandTitle: 'leadkit', brandUrl: './', brandTarget: '_self' }) });
