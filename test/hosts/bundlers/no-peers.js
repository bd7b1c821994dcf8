// What a host without the optional peers imports: every entry but the two that exist for them.
import { createGatewayClient } from 'leadkit';
import { LeadBoardElement } from 'leadkit/define';
import { LeadBoard } from 'leadkit/react';

export const used = [createGatewayClient, LeadBoardElement, LeadBoard];
