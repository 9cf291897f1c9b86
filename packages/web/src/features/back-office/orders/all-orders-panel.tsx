import { type Order } from '@pustak/sdk';
import { type ReactNode } from 'react';
import { ListPanel } from '../../../components/back-office/back-office-ui';
import { EmptyState } from '../../../components/empty-state';
import { PackageIcon } from '../../../components/icons';
import { useAllOrders } from './api/use-all-orders';

/**
 * Every order in a back-office panel (admin and staff lists): 'Failed to fetch orders' with
 * Retry, a skeleton while loading, 'No orders found', or `children(orders)`.
 */
export function AllOrdersPanel({ label, children }: { label: string; children: (orders: readonly Order[]) => ReactNode }) {
  return (
    <ListPanel
      label={label}
      list={useAllOrders()}
      failedText="Failed to fetch orders"
      loadingLabel="Loading orders"
      empty={<EmptyState title="No orders found" icon={<PackageIcon size={26} />} compact />}
    >
      {children}
    </ListPanel>
  );
}
