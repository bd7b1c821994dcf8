// The npm path for Twilio and iPhone (HEIC) photos (docs/embedding.md#npm), with both optional peers installed.
import { MessageThread } from 'leadkit/react';
import { createTwilioChatClientFactory } from 'leadkit/twilio';
import { heicConverter } from 'leadkit/heic';

export const used = [MessageThread, createTwilioChatClientFactory(), heicConverter];
