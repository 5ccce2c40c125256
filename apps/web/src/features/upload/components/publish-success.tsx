import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { UploadKind } from '../lib/upload-texts.ts';

/** After publishing: the resource waits for review; upload another or go home. */
export const PublishSuccess = ({
  kind,
  title,
  onUploadMore,
}: {
  kind: UploadKind;
  title: string;
  onUploadMore: () => void;
}) => {
  const navigate = useNavigate();
  return (
    <div data-testid="publish-success">
      <Result
        status="success"
        title="提交成功，等待审核"
        subTitle={`《${title}》已提交，管理员审核通过后将在资源库中展示。`}
        extra={[
          <Button autoInsertSpace={false} type="primary" key="more" onClick={onUploadMore}>
            {kind === 'document' ? '继续上传文档' : '继续上传视频'}
          </Button>,
          <Button autoInsertSpace={false} key="home" onClick={() => navigate('/home/index')}>
            返回首页
          </Button>,
        ]}
      />
    </div>
  );
};
