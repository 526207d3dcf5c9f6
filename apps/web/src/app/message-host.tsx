import { message } from 'antd';
import { useEffect } from 'react';
import { setFeedbackApi } from '../lib/feedback';

/** antd's themed message API (inside ConfigProvider), handed to lib/feedback. */
export default function MessageHost() {
  const [messageApi, contextHolder] = message.useMessage();
  useEffect(() => {
    setFeedbackApi(messageApi);
    return () => setFeedbackApi(null);
  }, [messageApi]);
  return contextHolder;
}
