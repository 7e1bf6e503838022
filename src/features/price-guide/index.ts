export { PriceGuideBar } from './PriceGuideBar';
export { PriceGuideCell } from './PriceGuideCell';
export { SetAllToAverage } from './SetAllToAverage';
export { SetToAverage, type PricedLot } from './SetToAverage';
export { usePriceGuides, type GuideLot } from './usePriceGuides';
