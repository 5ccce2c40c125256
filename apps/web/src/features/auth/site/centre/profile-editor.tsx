import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../../lib/api-result.ts';
import type { Toast } from '../../../../lib/toast.ts';
import { IMAGE_EXTENSIONS, imageProblem, uploadImage } from '../../../../lib/upload-image.ts';
import { Avatar } from './avatar.tsx';
import styles from './centre.module.css';
import { centreKeys, type Profile, saveProfile } from './centre-api.ts';

export const BIO_MAX = 200;

export interface StageSubject {
  stageId: number | null;
  subjectId: number | null;
}
/** Draws the stage and subject selects (the dictionaries are another feature's; the route module hands them in). */
export type RenderStageSubject = (value: StageSubject, onChange: (value: StageSubject) => void) => ReactNode;

/**
 * 编辑资料: avatar, bio and stage/subject. Real name and school belong to the roster and the administrators: shown
 * read-only with a hint. The avatar is uploaded at once (the document upload takes images); saving the profile
 * makes it the avatar. Mounted while open: each opening starts from the saved profile.
 */
export const ProfileEditor = ({
  profile,
  onClose,
  toast,
  renderStageSubject,
}: {
  profile: Profile;
  onClose: () => void;
  toast: Toast;
  renderStageSubject: RenderStageSubject;
}) => {
  const queryClient = useQueryClient();
  const [bio, setBio] = useState(profile.bio);
  const [stageSubject, setStageSubject] = useState<StageSubject>({
    stageId: profile.stageId,
    subjectId: profile.subjectId,
  });
  const [avatar, setAvatar] = useState<{ fileId: string | null; preview: string | null }>({
    fileId: profile.avatarFileId,
    preview: profile.avatarUrl,
  });
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const objectUrl = useRef<string | null>(null);

  const forgetObjectUrl = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  // The last preview's object URL goes with the dialog.
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const choose = async (file: File) => {
    const refused = imageProblem(file);
    setProblem(refused);
    if (refused) return;
    setUploading(true);
    try {
      const fileId = await uploadImage(file);
      forgetObjectUrl();
      objectUrl.current = URL.createObjectURL(file);
      setAvatar({ fileId, preview: objectUrl.current });
    } catch (error) {
      setProblem(errorText(error, '头像上传失败，请稍后重试'));
    } finally {
      setUploading(false);
    }
  };

  const save = useMutation({
    mutationFn: () => saveProfile({ bio, avatarFileId: avatar.fileId, ...stageSubject }),
    onSuccess: (saved) => {
      queryClient.setQueryData(centreKeys.profile(), saved);
      toast.success('个人资料已保存');
      onClose();
    },
    onError: (error) => setProblem(errorText(error, '保存失败，请稍后重试')),
  });

  return (
    <Modal
      title="编辑个人资料"
      open
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending, disabled: uploading }}
      destroyOnHidden
      width={560}
    >
      <Form layout="vertical" className={styles.editor} data-testid="profile-editor">
        <Form.Item label="头像">
          <div className={styles.avatarField}>
            <Avatar url={avatar.preview} name={profile.realName} size="large" />
            <div className={styles.avatarButtons}>
              <Button
                icon={uploading ? <LoadingOutlined /> : <UploadOutlined />}
                onClick={() => input.current?.click()}
                disabled={uploading}
              >
                {uploading ? '上传中…' : '上传头像'}
              </Button>
              {avatar.fileId && (
                <Button type="link" danger onClick={() => setAvatar({ fileId: null, preview: null })}>
                  移除头像
                </Button>
              )}
              <span className={styles.hint}>jpg、png、gif 或 bmp 图片，不超过 5M，建议正方形</span>
            </div>
            <input
              ref={input}
              type="file"
              hidden
              style={{ display: 'none' }} // inside a form antd shows file inputs: keep this one hidden
              accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
              aria-label="选择头像图片"
              data-testid="avatar-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void choose(file);
              }}
            />
          </div>
        </Form.Item>
        <div className={styles.readonlyRow}>
          <Form.Item label="姓名" htmlFor="profile-real-name">
            <Input id="profile-real-name" value={profile.realName} disabled />
          </Form.Item>
          <Form.Item label="学校" htmlFor="profile-school">
            <Input id="profile-school" value={profile.schoolName || '—'} disabled />
          </Form.Item>
        </div>
        <p className={styles.hint}>姓名与学校以名册为准，由学校管理员维护；如需更正，请联系学校管理员。</p>
        <Form.Item label="学段学科">{renderStageSubject(stageSubject, setStageSubject)}</Form.Item>
        <Form.Item label="个人简介" htmlFor="profile-bio">
          <Input.TextArea
            id="profile-bio"
            value={bio}
            onChange={(event) => setBio(event.target.value)}
            maxLength={BIO_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder="介绍一下自己的教学方向、研究兴趣…"
          />
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} data-testid="profile-problem" />}
      </Form>
    </Modal>
  );
};
