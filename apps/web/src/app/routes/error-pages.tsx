import { ErrorPage } from '../../features/errors/components/error-page.tsx';

export const NotFound = () => <ErrorPage code={404} />;
export const ServerError = () => <ErrorPage code={500} />;
export const BadGateway = () => <ErrorPage code={502} />;
