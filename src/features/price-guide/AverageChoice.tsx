import { NumberInput, SegmentedControl } from '@mantine/core';
import {
  GUIDE_LABELS,
  GUIDE_TYPES,
  PERCENT_MAX,
  PERCENT_MIN,
  type GuideType,
} from '../../../contract/price-guide';

/** True for a percentage Set to average takes. */
export function isValidPercent(percent: number): boolean {
  return Number.isFinite(percent) && percent >= PERCENT_MIN && percent <= PERCENT_MAX;
}

interface Props {
  type: GuideType;
  onType: (type: GuideType) => void;
  percent: number;
  onPercent: (percent: number) => void;
}

/** Which average (sold or for sale) and how many percent above or below it: both Set to averages. */
export function AverageChoice({ type, onType, percent, onPercent }: Props) {
  return (
    <>
      <SegmentedControl
        value={type}
        onChange={(v) => onType(v as GuideType)}
        data={GUIDE_TYPES.map((g) => ({ value: g, label: GUIDE_LABELS[g] }))}
      />
      <NumberInput
        label="Average plus or minus (%)"
        value={percent}
        onChange={(v) => onPercent(typeof v === 'number' ? v : Number(v))}
        min={PERCENT_MIN}
        max={PERCENT_MAX}
        allowDecimal={false}
        error={isValidPercent(percent) ? null : `From ${PERCENT_MIN} to ${PERCENT_MAX} %`}
      />
    </>
  );
}
