import { Flex } from 'antd';
import { CoreDataApis } from './core-data-apis';
import { CoreDataConfigForm } from './core-data-config-form';
import { CoreDataSources } from './core-data-sources';

/**
 * The core data tab of /admin/traffic: which product-data provider serves the Open API (its secret
 * never shown), the data source of each platform with its switch, and the API catalogue with what
 * each call costs.
 */
export function CoreDataTab() {
  return (
    <Flex vertical gap={24}>
      <CoreDataConfigForm />
      <CoreDataSources />
      <CoreDataApis />
    </Flex>
  );
}
