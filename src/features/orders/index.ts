/** What other features may use of the orders feature. */
export { formatAge, lotsAndItems } from './format';
export { pickProgress, type PickProgress } from './progress';
export { OrderProgress } from './OrderProgress';
export {
  localOrder,
  localOrderItems,
  mayPick,
  pickerOrders,
  type LocalOrder,
  type LocalOrderItem,
} from './local';
export { ItemFacts } from './ItemFacts';
export { useOnDeviceReport } from './useOnDeviceReport';
