/** The time of a report, to the minute in the device's time zone ("2024-05-01 14:07"). */
export { minuteTime as reportTime } from '../../ui/minuteTime';
