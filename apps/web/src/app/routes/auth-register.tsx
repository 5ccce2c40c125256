import { useNavigate, useSearchParams } from 'react-router-dom';
import { SitePage } from '../../features/auth/site/frame/site-page.tsx';
import { ForgotPasswordForm } from '../../features/auth/site/register/forgot-password-form.tsx';
import { RegisterForm } from '../../features/auth/site/register/register-form.tsx';
import { returnPath } from '../../features/auth/site/register/return-url.ts';
import { sessionActions } from '../../stores/session.ts';

/** Where `toUrl` asks to go back to, when it is a path on this site. */
const useBackTo = () => {
  const [params] = useSearchParams();
  return returnPath(params.get('toUrl'), window.location.origin);
};

/** /auth/register?toUrl=: a teacher signs up. */
export const Register = () => {
  const backTo = useBackTo();
  const navigate = useNavigate();
  return (
    <SitePage title="注册账号" subtitle="注册后可上传、收藏和下载资源，参与工作室与研修。" narrow>
      <RegisterForm backTo={backTo} onDone={(path) => navigate(path)} />
    </SitePage>
  );
};

/** /auth/forgetPassword?toUrl=: recover the password by SMS, then log in and go back. */
export const ForgotPassword = () => {
  const backTo = useBackTo();
  const navigate = useNavigate();
  return (
    <SitePage title="找回密码" subtitle="通过账号绑定的手机号接收验证码，设置新的登录密码。" narrow>
      <ForgotPasswordForm
        onLogin={() => {
          navigate(backTo);
          sessionActions.openLogin();
        }}
      />
    </SitePage>
  );
};
